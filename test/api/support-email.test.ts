import { describe, expect, test } from 'vitest';
import { buildWithSmtp } from '../helpers/mail-app';

const SUPPORT = 'help@selfhosted.example';
const t = await buildWithSmtp({ SUPPORT_EMAIL: SUPPORT });

describe('SUPPORT_EMAIL', () => {
  test('the web app reads it, signed in or not, from GET /api/site', async () => {
    const res = await t.client().get('/api/site');
    expect(res.status).toBe(200);
    // Test servers read Reddit alone unless a test names the other sites.
    expect(res.body).toEqual({ supportEmail: SUPPORT, sources: ['reddit'] });
  });

  test("every mail's footer names it, in the HTML and the text", async () => {
    const { client, email } = await t.signedIn(undefined, { verified: true });
    expect((await client.post('/api/test-email', {})).status).toBe(200);
    // The verification mail of the registration, then the test email.
    const mails = await t.sink.until('two mails', () => {
      const sent = t.sink.messages.filter((m) => m.envelopeTo.includes(email));
      return sent.length >= 2 && sent;
    });
    for (const mail of mails) {
      expect(mail.parsed.html).toContain(`<a class="es-link" href="mailto:${SUPPORT}"`);
      expect(mail.parsed.text).toContain(`Questions? Write to ${SUPPORT}.`);
      expect(`${mail.parsed.html}${mail.parsed.text}`).not.toContain('support@earshot.app');
    }
  });
});
