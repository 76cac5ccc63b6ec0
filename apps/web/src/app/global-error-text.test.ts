import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOBAL_ERROR_TEXT } from './global-error-text';

const en = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../messages/en.json'), 'utf8'),
) as { errors: { generic: Record<string, string>; contactSupport: string } };

describe('the last-resort error screen', () => {
  it('shows the English catalog’s generic 500 texts, word for word', () => {
    expect(GLOBAL_ERROR_TEXT).toEqual({
      pageTitle: en.errors.generic.pageTitle?.replace('{status}', '500'),
      title: en.errors.generic.title,
      text: en.errors.generic.text,
      contactSupport: en.errors.contactSupport,
    });
  });
});
