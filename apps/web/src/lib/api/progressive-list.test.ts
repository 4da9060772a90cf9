import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ELEMENTS, type ProgressiveList, progressiveList, useProgressiveList } from './progressive-list';

interface Item {
  id: number;
  text: string;
}

const items = (count: number, from = 0): Item[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, text: `item ${from + index} ${'x'.repeat(300)}` }));
const pickList = (whole: unknown) => ((whole as { list?: Item[] } | undefined)?.list ?? []) as Item[];

describe('progressiveList', () => {
  it('parses a long answer’s first elements at once and the rest between frames, as a whole parse would', async () => {
    const all = items(3000); // ~1 MB of JSON
    const list = progressiveList<Item>(JSON.stringify({ head: 1, list: all }), 'list', pickList);
    expect(list.complete).toBe(false);
    expect(list.first).toEqual(all.slice(0, FIRST_ELEMENTS));
    const every = await list.all();
    expect(every).toEqual(all);
    expect(await list.all()).toBe(every); // read once
  });

  it('reads an answer that is the array itself', async () => {
    const all = items(3000);
    const list = progressiveList<Item>(JSON.stringify(all), undefined, (whole) => whole as Item[]);
    expect(list.first).toHaveLength(FIRST_ELEMENTS);
    expect(await list.all()).toEqual(all);
  });

  it('parses a short answer whole', async () => {
    const list = progressiveList<Item>(JSON.stringify({ list: items(3) }), 'list', pickList);
    expect(list.complete).toBe(true);
    expect(await list.all()).toEqual(items(3));
  });

  it('reports a long answer that is not JSON after its first elements as the whole parse does', async () => {
    const text = JSON.stringify({ list: items(3000) }).slice(0, -10);
    const list = progressiveList<Item>(text, 'list', pickList);
    expect(list.first).toHaveLength(FIRST_ELEMENTS);
    await expect(list.all()).rejects.toThrow(SyntaxError);
  });
});

describe('useProgressiveList', () => {
  it('gives the first elements, then all; a new answer keeps the previous list until it is read', async () => {
    const first = progressiveList<Item>(JSON.stringify({ list: items(3000) }), 'list', pickList);
    const { result, rerender } = renderHook(({ answer }) => useProgressiveList(answer), {
      initialProps: { answer: first as ProgressiveList<Item> | undefined },
    });
    expect(result.current.partial).toBe(true);
    expect(result.current.items).toHaveLength(FIRST_ELEMENTS);
    await waitFor(() => expect(result.current.items).toHaveLength(3000));
    expect(result.current.partial).toBe(false);

    const second = progressiveList<Item>(JSON.stringify({ list: items(3500) }), 'list', pickList);
    rerender({ answer: second });
    expect(result.current.items).toHaveLength(3000);
    await waitFor(() => expect(result.current.items).toHaveLength(3500));
  });
});
