/** html-to-text 10 ships no types; the one function the mails use. */
declare module 'html-to-text' {
  export function compile(options: {
    wordwrap?: number | false;
    selectors?: readonly object[];
  }): (html: string) => string;
}
