/** Each table's owning room, by SQL name, and the SQL name of each Drizzle table constant. */
export interface TableOwners {
  byName: Map<string, string>;
  byConst: Map<string, string>;
}
export declare function roomOf(file: string): string;
export declare function tableOwners(tableFiles: Record<string, string>): TableOwners;
export declare function writesIn(
  text: string,
  owners: TableOwners,
): { table: string; line: number }[];
export declare function foreignWrites(files: Record<string, string>, owners: TableOwners): string[];
export declare function apiSources(): Promise<Record<string, string>>;
export declare function checkTableWriters(): Promise<{ owners: TableOwners; problems: string[] }>;
