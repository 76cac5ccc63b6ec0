/** Storage sizes with base 1024 (spec §3, §9). */
export const STORAGE_UNITS = [
  'byte',
  'kilobyte',
  'megabyte',
  'gigabyte',
  'terabyte',
  'petabyte',
  'exabyte',
  'zettabyte',
  'yottabyte',
] as const;

export type StorageUnit = (typeof STORAGE_UNITS)[number];

export interface Size {
  amount: number;
  unit: StorageUnit;
}

export function isStorageUnit(value: unknown): value is StorageUnit {
  return typeof value === 'string' && (STORAGE_UNITS as readonly string[]).includes(value);
}

export function toBytes(size: Size): number {
  return size.amount * 1024 ** STORAGE_UNITS.indexOf(size.unit);
}

/**
 * Expresses a byte count in the largest unit that keeps the amount at least 1,
 * rounded to `decimals`. Zero, negative or missing input gives 0 gigabyte.
 */
export function convertSize(bytes: number | null | undefined, decimals = 0): Size {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) {
    return { amount: 0, unit: 'gigabyte' };
  }
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), STORAGE_UNITS.length - 1);
  const factor = 10 ** decimals;
  const unit = STORAGE_UNITS[power] ?? 'byte';
  return { amount: Math.round((bytes / 1024 ** power) * factor) / factor, unit };
}
