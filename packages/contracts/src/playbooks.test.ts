import { describe, expect, it } from 'vitest';
import {
  PLAYBOOK_PARAMETER_MESSAGES as M,
  type PlaybookParameter,
  playbookParameterProblem,
  playbookParamsProblems,
} from './playbooks.js';

const text = (properties: PlaybookParameter['properties'] = {}, required = false): PlaybookParameter => ({
  name: 'p',
  type: 'text',
  required,
  properties,
});

describe('playbook parameter rules (001 §5)', () => {
  it('says "This field is required" for an empty required value and nothing for an empty optional one', () => {
    expect(playbookParameterProblem(text({}, true), '')).toBe('This field is required');
    expect(playbookParameterProblem(text({}, true), undefined)).toBe('This field is required');
    expect(playbookParameterProblem(text({}, false), '')).toBeUndefined();
  });

  it.each([
    [{ minLength: 3 }, 'ab', M.minLength(3)],
    [{ minLength: 3 }, 'abc', undefined],
    [{ maxLength: 3 }, 'abcd', M.maxLength(3)],
    [{ regex: '^v\\d+$' }, 'x1', M.regex('^v\\d+$')],
    [{ regex: '^v\\d+$' }, 'v12', undefined],
    [{ min: 2 }, '1', M.min(2)],
    [{ max: 5 }, '6', M.max(5)],
    [{ min: 1, max: 5 }, 'three', M.number],
    [{ min: 1, max: 5 }, '3', undefined],
    [{ format: 'bytes' as const }, '512', undefined],
    [{ format: 'bytes' as const }, '2Gi', undefined],
    [{ format: 'bytes' as const }, '1Ti', undefined],
    [{ format: 'bytes' as const }, '2GB', M.bytes],
    [{ format: 'millicores' as const }, '500m', undefined],
    [{ format: 'millicores' as const }, '0.5', M.millicores],
    [{ format: 'dns1123' as const }, 'my-app.v1', undefined],
    [{ format: 'dns1123' as const }, 'My_App', M.dns1123],
    [{ format: 'dns1123' as const }, '-app', M.dns1123],
  ])('%o with %s → %s', (properties, value, problem) => {
    expect(playbookParameterProblem(text(properties), value)).toBe(problem);
  });

  it('checks the bytes and millicores types like their formats', () => {
    expect(playbookParameterProblem({ name: 'm', type: 'bytes' }, '3Xi')).toBe(M.bytes);
    expect(playbookParameterProblem({ name: 'c', type: 'millicores' }, '250m')).toBeUndefined();
  });

  it('checks checkboxes and list options', () => {
    expect(playbookParameterProblem({ name: 'c', type: 'checkbox' }, true)).toBeUndefined();
    expect(playbookParameterProblem({ name: 'c', type: 'checkbox' }, 'yes')).toBe('Must be true or false');
    const list: PlaybookParameter = {
      name: 'l',
      type: 'list',
      properties: { options: [{ value: 'a' }, { value: 'b' }] },
    };
    expect(playbookParameterProblem(list, 'a')).toBeUndefined();
    expect(playbookParameterProblem(list, 'c')).toBe(M.option);
  });

  it('collects problems by name and falls back to defaults', () => {
    const parameters: PlaybookParameter[] = [
      { name: 'replicas', type: 'text', required: true, properties: { min: 1, max: 10 } },
      { name: 'env', type: 'text', required: true, default: 'prod' },
    ];
    expect(playbookParamsProblems(parameters, { replicas: '20' })).toEqual({ replicas: M.max(10) });
    expect(playbookParamsProblems(parameters, { replicas: '2' })).toEqual({});
  });
});
