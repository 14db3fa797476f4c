import { describe, expect, test } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  test.each([
    ['/api/feeds/abcDEF123/atom', '/api/feeds/[redacted]/atom'],
    ['/api/feeds/abcDEF123/alerts/7/json?x=1', '/api/feeds/[redacted]/alerts/7/json?x=1'],
    ['/api/feeds/abcDEF123', '/api/feeds/[redacted]'],
    ['/api/feeds', '/api/feeds'],
    ['/api/feeds/rotate', '/api/feeds/rotate'],
    ['/verify-email?token=s3cret', '/verify-email?token=[redacted]'],
    ['/reset-password?lang=en&token=s3cret&x', '/reset-password?lang=en&token=[redacted]&x'],
    ['/unsubscribe?TOKEN=s3cret', '/unsubscribe?TOKEN=[redacted]'],
    ['/unsubscribe?%74oken=s3cret', '/unsubscribe?%74oken=[redacted]'],
    ['/api/v1/mentions?api_key=esk_live_abc', '/api/v1/mentions?api_key=[redacted]'],
    ['/api/v1/x/esk_abc_DEF-1?q=1', '/api/v1/x/esk_[redacted]?q=1'],
    ['/api/mentions?q=esk_abc', '/api/mentions?q=esk_[redacted]'],
    ['/api/alerts?limit=5&sort=new', '/api/alerts?limit=5&sort=new'],
    ['/api/user', '/api/user'],
    ['/x?%E0%A4%A=1&token=a', '/x?%E0%A4%A=1&token=[redacted]'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
