import { describe, expect, it } from 'vitest';
import { dependencyOrder, dependencyProblems, hasDependencies } from './check-order.js';

const check = (name: string, dependsOn?: string[], type = 'http') => ({ name, type, dependsOn });

describe('dependsOn order', () => {
  it('puts each check after those it depends on and keeps the rest in their own order', () => {
    const order = dependencyOrder([check('c', ['b']), check('a'), check('b', ['a']), check('d')]);
    expect(order?.map((entry) => entry.name)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('answers null for a loop and ignores a name that is no check of the list', () => {
    expect(dependencyOrder([check('a', ['b']), check('b', ['a'])])).toBeNull();
    expect(dependencyOrder([check('a', ['gone'])])?.map((entry) => entry.name)).toEqual(['a']);
  });

  it('says nothing for a canary without dependsOn, even with a name shared by two types', () => {
    expect(hasDependencies([check('a'), check('a', undefined, 'tcp')])).toBe(false);
    expect(dependencyProblems([check('a'), check('a', undefined, 'tcp')])).toEqual([]);
  });

  it('names the loop it finds', () => {
    expect(dependencyProblems([check('a', ['b']), check('b', ['c']), check('c', ['b'])])).toEqual([
      'spec: dependsOn references loop: b → c → b',
    ]);
  });
});
