import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/harness.js';
import { claimDueRows, insertOutboxRow } from './delivery.repository.js';
import { queueSignInCodeMail } from './delivery.service.js';
import { loadMailTokens } from './mail-tokens.js';

describeEachDatabase('the outbox puts sign-in codes first', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('claims a sign-in code ahead of every other due row, however long they waited', async () => {
    const tokens = loadMailTokens(null);
    const waitedAMinute = new Date(Date.now() - 60_000);
    for (let i = 0; i < 20; i += 1) {
      await insertOutboxRow(t.database.db, { idempotencyKey: `waiting-${i}`, address: `reader${i}@cornell.edu`, channel: 'email', kind: 'newsletter_confirm', payload: {}, nextAttemptAt: waitedAMinute });
    }
    await queueSignInCodeMail(t.database.db, tokens, { id: '00000000-0000-4000-8000-000000000001', address: 'first@cornell.edu', region: 'cornell', code: '123456' });
    const [claimed] = await claimDueRows(t.database.db, 1, 60_000);
    expect([claimed?.kind, claimed?.address]).toEqual(['sign_in_code', 'first@cornell.edu']);
    // Sealed: the row never holds the code readable, and only this server's key opens it.
    const sealed = (claimed?.payload as { sealed: string }).sealed;
    expect(sealed).not.toContain('123456');
    expect(tokens.open(sealed)).toBe('123456');
    expect(loadMailTokens(null).open(sealed)).toBeNull();
  });
});
