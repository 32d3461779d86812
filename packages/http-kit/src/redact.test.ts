import { createRedactor, REDACTED } from './redact';

describe('createRedactor', () => {
  const redactor = createRedactor(['known-secret-value']);

  it('redacts fields by name, at any depth, keeping identifiers that only look like keys', () => {
    const out = redactor.value({
      headers: { authorization: 'Bearer abc', cookie: 'c=1' },
      nested: [{ apiKey: 'x', client_secret: 'y', accessToken: 'z', password: 'p' }],
      apiKeyId: 'key_1',
      tenantKey: '{"orgId":1}',
      usage: { totalTokens: 12 },
    });
    expect(out).toEqual({
      headers: { authorization: REDACTED, cookie: REDACTED },
      nested: [{ apiKey: REDACTED, client_secret: REDACTED, accessToken: REDACTED, password: REDACTED }],
      apiKeyId: 'key_1',
      tenantKey: '{"orgId":1}',
      usage: { totalTokens: 12 },
    });
  });

  it('scrubs bearer tokens and known secrets from free text and errors', () => {
    expect(redactor.string('sent Authorization: Bearer ak_123.abc, then known-secret-value')).toBe(`sent Authorization: Bearer ${REDACTED}, then ${REDACTED}`);
    const error = new Error('failed with known-secret-value');
    expect(redactor.value({ error })).toEqual({ error: { name: 'Error', message: `failed with ${REDACTED}`, stack: expect.not.stringContaining('known-secret-value') } });
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(redactor.value(a)).toEqual({ name: 'a', self: '[Circular or too deep]' });
  });
});
