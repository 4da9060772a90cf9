import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe('CEL math functions (cel-go math extension and gomplate)', () => {
  it('picks extremes and rounds as cel-go does', () => {
    expect(cel('math.greatest([3, 9, 4])')).toBe(9);
    expect(cel('math.least(2.5, -1, 7)')).toBe(-1);
    expect(cel('[math.ceil(1.2), math.floor(1.8), math.round(-2.5), math.trunc(-2.7)]')).toEqual([2, 1, -3, -2]);
    expect(cel('math.abs(-4) == 4 && math.sign(-0.5) == -1.0 && math.sqrt(16.0) == 4.0')).toBe(true);
    expect(cel('math.isNaN(0.0 / 0.0) && math.isInf(1.0 / 0.0) && math.isFinite(2.0)')).toBe(true);
    expect(
      cel(
        '[math.bitOr(5, 3), math.bitAnd(5, 3), math.bitXor(5, 3), math.bitNot(5), math.bitShiftLeft(5, 1), math.bitShiftRight(10, 1)]',
      ),
    ).toEqual([7, 1, 6, -6, 10, 5]);
  });

  it("does gomplate's arithmetic, keeping ints ints", () => {
    expect(cel('math.Add([1, 2, 3]) + 1')).toBe(7);
    expect(cel('math.Mul([2, 2.5])')).toBe(5);
    expect(
      cel('math.Sub(5, 4) == 1 && math.Rem(7, 3) == 1 && math.Div(9, 2) == 4.5 && math.Pow(2, 10) == 1024.0'),
    ).toBe(true);
    expect(cel('math.Seq([1, 5, 2])')).toEqual([1, 3, 5]);
    expect(cel('math.IsInt(3) && math.IsFloat(3.5) && math.IsNum("12")')).toBe(true);
    expect(() => cel('math.Div(1, 0)')).toThrow(/divide by zero/);
  });
});
