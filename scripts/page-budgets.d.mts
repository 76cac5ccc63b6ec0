export const TOLERANCE: number;

export type MeasuredPages = Record<string, { jsGzipBytes: number; chunks: number; zod: boolean }>;

export interface BudgetRow {
  route: string;
  jsGzipBytes: number | null;
  budget: number | null;
  overBy: number | null;
  status: 'ok' | 'over' | 'unbudgeted' | 'gone';
}

export function measureFirstLoadJs(nextDir: string): MeasuredPages;

export function comparePageBudgets(
  measured: MeasuredPages,
  budgets: Record<string, number>,
  tolerance?: number,
): { ok: boolean; rows: BudgetRow[]; failures: string[] };
