/** The console speaks English and German only (docs/decisions/009-operators-console.md). */
export const CONSOLE_LANGUAGES = ['en', 'de'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

export function isConsoleLanguage(value: string): value is ConsoleLanguage {
  return (CONSOLE_LANGUAGES as readonly string[]).includes(value);
}
