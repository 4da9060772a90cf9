import { describe, expect, it } from 'vitest';
import { RUNNING_AS_ROOT_MESSAGE, runningAsRootWarning } from './root-user.js';

describe('runningAsRootWarning', () => {
  it('warns for root only', () => {
    expect(runningAsRootWarning(0)).toBe(RUNNING_AS_ROOT_MESSAGE);
    expect(runningAsRootWarning(1000)).toBeUndefined();
    expect(runningAsRootWarning(undefined)).toBeUndefined();
  });
});
