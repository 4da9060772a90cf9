/**
 * Math functions of canary-checker's CEL: cel-go's math extension (`math.greatest`, `math.least`,
 * `math.ceil`, `floor`, `round`, `trunc`, `abs`, `sign`, `sqrt`, `isNaN`, `isInf`, `isFinite`, `bitOr`,
 * `bitAnd`, `bitXor`, `bitNot`, `bitShiftLeft`, `bitShiftRight`) and gomplate's (`math.Add`, `Sub`, `Mul`,
 * `Div`, `Rem`, `Pow`, `Seq`, `Abs`, `Ceil`, `Floor`, `Round`, `Trunc`, `Sign`, `Sqrt`, `IsInt`, `IsFloat`,
 * `IsNum`, `IsNaN`, `IsInf`, `IsFinite`). Ints stay ints; any double makes the result a double.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { range } from './cel-collections.js';
import { CelFunctionError, declareNamespace, num } from './cel-values.js';

type CelNumber = bigint | number;

function numbers(values: unknown[], what: string): CelNumber[] {
  return values.map((value) => {
    if (typeof value === 'bigint' || typeof value === 'number') return value;
    if (value !== null && typeof value === 'object' && 'value' in value) return BigInt(Number(value.value));
    throw new CelFunctionError(`${what}: ${typeof value} is not a number`);
  });
}

function fold(
  values: CelNumber[],
  op: (a: number, b: number) => number,
  bigOp: (a: bigint, b: bigint) => bigint,
  start: CelNumber,
): CelNumber {
  if (values.every((value) => typeof value === 'bigint') && typeof start === 'bigint') {
    return (values as bigint[]).reduce(bigOp, start);
  }
  return values.map(Number).reduce(op, Number(start));
}

function pair(
  a: unknown,
  b: unknown,
  op: (x: number, y: number) => number,
  bigOp: (x: bigint, y: bigint) => bigint,
): CelNumber {
  const [x, y] = numbers([a, b], 'math');
  if (typeof x === 'bigint' && typeof y === 'bigint') return bigOp(x, y);
  return op(Number(x), Number(y));
}

function extreme(values: unknown[], pick: 1 | -1, name: string): CelNumber {
  const list = numbers(values, name);
  if (list.length === 0) throw new CelFunctionError(`math.${name}: no arguments`);
  return list.reduce((best, value) => ((Number(value) - Number(best)) * pick > 0 ? value : best));
}

function sign(value: unknown): CelNumber {
  const [x] = numbers([value], 'sign');
  if (typeof x === 'bigint') return x > 0n ? 1n : x < 0n ? -1n : 0n;
  const n = x ?? 0;
  return Number.isNaN(n) ? n : Math.sign(n);
}

function abs(value: unknown): CelNumber {
  const [x] = numbers([value], 'abs');
  return typeof x === 'bigint' ? (x < 0n ? -x : x) : Math.abs(x ?? 0);
}

function bitInt(value: unknown): bigint {
  if (typeof value !== 'bigint') throw new CelFunctionError('math bit functions need ints');
  return value;
}

function registerUnary(env: Environment, math: string): void {
  const unary: [string[], (x: number) => unknown][] = [
    [['ceil', 'Ceil'], Math.ceil],
    [['floor', 'Floor'], Math.floor],
    [['round', 'Round'], (x) => Math.sign(x) * Math.round(Math.abs(x))],
    [['trunc', 'Trunc'], Math.trunc],
    [['sqrt', 'Sqrt'], Math.sqrt],
    [['isNaN', 'IsNaN'], Number.isNaN],
    [['isInf', 'IsInf'], (x) => x === Number.POSITIVE_INFINITY || x === Number.NEGATIVE_INFINITY],
    [['isFinite', 'IsFinite'], Number.isFinite],
  ];
  for (const [names, fn] of unary) {
    for (const name of names) env.registerFunction(`${math}.${name}(dyn): dyn`, (_: unknown, x: unknown) => fn(num(x)));
  }
  for (const name of ['abs', 'Abs'])
    env.registerFunction(`${math}.${name}(dyn): dyn`, (_: unknown, x: unknown) => abs(x));
  for (const name of ['sign', 'Sign'])
    env.registerFunction(`${math}.${name}(dyn): dyn`, (_: unknown, x: unknown) => sign(x));
  env
    .registerFunction(
      `${math}.IsInt(dyn): bool`,
      (_: unknown, x: unknown) => typeof x === 'bigint' || (typeof x === 'string' && /^[+-]?\d+$/.test(x)),
    )
    .registerFunction(
      `${math}.IsFloat(dyn): bool`,
      (_: unknown, x: unknown) => typeof x === 'number' || (typeof x === 'string' && /^[+-]?\d*\.\d+$/.test(x)),
    )
    .registerFunction(
      `${math}.IsNum(dyn): bool`,
      (_: unknown, x: unknown) =>
        typeof x === 'bigint' ||
        typeof x === 'number' ||
        (typeof x === 'string' && x.trim() !== '' && !Number.isNaN(Number(x))),
    );
}

function registerArithmetic(env: Environment, math: string): void {
  env
    .registerFunction(`${math}.Add(list): dyn`, (_: unknown, l: unknown[]) =>
      fold(
        numbers(l, 'Add'),
        (a, b) => a + b,
        (a, b) => a + b,
        0n,
      ),
    )
    .registerFunction(`${math}.Mul(list): dyn`, (_: unknown, l: unknown[]) =>
      fold(
        numbers(l, 'Mul'),
        (a, b) => a * b,
        (a, b) => a * b,
        1n,
      ),
    )
    .registerFunction(`${math}.Sub(dyn, dyn): dyn`, (_: unknown, a: unknown, b: unknown) =>
      pair(
        a,
        b,
        (x, y) => x - y,
        (x, y) => x - y,
      ),
    )
    .registerFunction(`${math}.Div(dyn, dyn): dyn`, (_: unknown, a: unknown, b: unknown) => {
      if (Number(b) === 0) throw new CelFunctionError('math.Div: divide by zero');
      return num(a) / num(b);
    })
    .registerFunction(`${math}.Rem(dyn, dyn): dyn`, (_: unknown, a: unknown, b: unknown) => {
      if (Number(b) === 0) throw new CelFunctionError('math.Rem: divide by zero');
      return pair(
        a,
        b,
        (x, y) => x % y,
        (x, y) => x % y,
      );
    })
    .registerFunction(`${math}.Pow(dyn, dyn): dyn`, (_: unknown, a: unknown, b: unknown) => num(a) ** num(b))
    .registerFunction(`${math}.Seq(list): list`, (_: unknown, l: unknown[]) => {
      const [start = 1, end = 0, step = 1] = l.map(num);
      const inclusiveEnd = step > 0 ? end + 1 : end - 1;
      return l.length === 1 ? range(1, start + 1, 1) : range(start, inclusiveEnd, step);
    });
}

function registerExtremes(env: Environment, math: string): void {
  for (const [name, pick] of [
    ['greatest', 1],
    ['least', -1],
  ] as const) {
    for (const arity of [1, 2, 3, 4, 5, 6]) {
      const params = Array(arity).fill('dyn').join(', ');
      env.registerFunction(`${math}.${name}(${params}): dyn`, (_: unknown, ...values: unknown[]) =>
        Array.isArray(values[0]) && arity === 1 ? extreme(values[0], pick, name) : extreme(values, pick, name),
      );
    }
  }
}

function registerBits(env: Environment, math: string): void {
  env
    .registerFunction(`${math}.bitOr(int, int): int`, (_: unknown, a: bigint, b: bigint) => a | b)
    .registerFunction(`${math}.bitAnd(int, int): int`, (_: unknown, a: bigint, b: bigint) => a & b)
    .registerFunction(`${math}.bitXor(int, int): int`, (_: unknown, a: bigint, b: bigint) => a ^ b)
    .registerFunction(`${math}.bitNot(int): int`, (_: unknown, a: bigint) => ~bitInt(a))
    .registerFunction(`${math}.bitShiftLeft(int, int): int`, (_: unknown, a: bigint, n: bigint) => {
      if (n < 0n) throw new CelFunctionError('math.bitShiftLeft: negative shift');
      return n > 63n ? 0n : BigInt.asIntN(64, a << n);
    })
    .registerFunction(`${math}.bitShiftRight(int, int): int`, (_: unknown, a: bigint, n: bigint) => {
      if (n < 0n) throw new CelFunctionError('math.bitShiftRight: negative shift');
      return n > 63n ? 0n : BigInt.asIntN(64, BigInt.asUintN(64, a) >> n);
    });
}

/** Registers the math functions. */
export function registerMathFunctions(env: Environment): void {
  const math = declareNamespace(env, 'math');
  registerUnary(env, math);
  registerArithmetic(env, math);
  registerExtremes(env, math);
  registerBits(env, math);
}
