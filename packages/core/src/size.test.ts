import { describe, expect, it } from 'vitest';
import { convertSize, toBytes } from './size';

describe('size converter (base 1024)', () => {
  it.each([
    [0, 0, { amount: 0, unit: 'gigabyte' }],
    [-5, 0, { amount: 0, unit: 'gigabyte' }],
    [undefined, 0, { amount: 0, unit: 'gigabyte' }],
    [null, 0, { amount: 0, unit: 'gigabyte' }],
    [512, 0, { amount: 512, unit: 'byte' }],
    [1024, 0, { amount: 1, unit: 'kilobyte' }],
    [500 * 1024 ** 3, 0, { amount: 500, unit: 'gigabyte' }],
    [2 * 1024 ** 4, 0, { amount: 2, unit: 'terabyte' }],
    [1.5 * 1024 ** 4, 0, { amount: 2, unit: 'terabyte' }],
    [1.5 * 1024 ** 4, 1, { amount: 1.5, unit: 'terabyte' }],
    [1024 ** 9, 0, { amount: 1024, unit: 'yottabyte' }],
  ] as const)('%s bytes with %i decimals is %o', (bytes, decimals, expected) => {
    expect(convertSize(bytes, decimals)).toEqual(expected);
  });

  it('round-trips the locker default of 500 GB', () => {
    expect(convertSize(toBytes({ amount: 500, unit: 'gigabyte' }))).toEqual({
      amount: 500,
      unit: 'gigabyte',
    });
  });
});
