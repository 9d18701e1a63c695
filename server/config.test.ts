import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

describe('parseConfig', () => {
  it('When nothing is set, then the defaults of design §4 apply', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      port: 3000,
      captcha: 'altcha',
      orderWaitMinutes: 30,
      mediaBaseUrl: '/media',
      gatePrefix: 'pass',
      publicUrl: 'http://localhost:3000',
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('When PORT=abc, then one line names PORT', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      parseConfig({ PORT: 'abc' });
    } catch (e) {
      expect((e as Error).message).toBe('Invalid configuration: PORT="abc" must be a port number');
    }
  });

  it('When CAPTCHA=off in production, then it is refused; in development it is allowed', () => {
    expect(() =>
      parseConfig({ CAPTCHA: 'off', NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' }),
    ).toThrow(/CAPTCHA="off" cannot be off when NODE_ENV=production/);
    expect(parseConfig({ CAPTCHA: 'off', NODE_ENV: 'development' }).captcha).toBe('off');
  });

  it('When NODE_ENV=production has no JWT_SECRET, then the start is refused with one line naming it; with one it starts', () => {
    const secret = 'a-production-secret-of-at-least-32-chars';
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: JWT_SECRET="" is required when NODE_ENV=production \(at least 32 random characters\)$/,
    );
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(parseConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });

  it.each([
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://localhost'],
    ['SMTP_URL', 'not a url'],
    ['ORDER_WAIT_MINUTES', '0'],
    ['ORDER_WAIT_MINUTES', 'soon'],
    ['JWT_SECRET', 'short'],
    ['CAPTCHA', 'recaptcha'],
    ['ADMIN_EMAIL', 'nope'],
    ['PORT', '70000'],
    ['TRUST_PROXY', 'yes'],
    ['REDIS_CHANNEL_PREFIX', 'two words'],
    ['SUPPORT_PHONE', 'call us'],
    ['SUPPORT_EMAIL', 'support@'],
    ['SUPPORT_TELEGRAM', 'https://t.me/x'],
    ['SUPPORT_WHATSAPP', '+88'],
    ['STAFF_2FA', 'sometimes'],
    ['TWO_FACTOR_KEY', 'too-short'],
  ])('When %s=%s, then the error names it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}=`));
  });

  it('When STAFF_2FA is unset, then staff need a second factor in production only; set, it wins', () => {
    const secret = 'a-production-secret-of-at-least-32-chars';
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).staffTwoFactor).toBe('required');
    expect(parseConfig({ NODE_ENV: 'development' }).staffTwoFactor).toBe('optional');
    expect(parseConfig({ NODE_ENV: 'test' }).staffTwoFactor).toBe('optional');
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: secret, STAFF_2FA: 'optional' }).staffTwoFactor).toBe(
      'optional',
    );
    expect(parseConfig({ STAFF_2FA: 'required' }).staffTwoFactor).toBe('required');
  });

  it('When MEDIA_S3_URL names a bucket, then its endpoint, bucket, prefix, region, style and decoded key and secret are used', () => {
    expect(parseConfig({}).mediaS3).toBeUndefined();
    expect(
      parseConfig({
        MEDIA_S3_URL:
          's3://AKIAEXAMPLE:wJal%2FrXUt%2BnFEMI@s3.eu-central-1.amazonaws.com/shop-media?region=eu-central-1',
      }).mediaS3,
    ).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'shop-media',
      prefix: '',
      region: 'eu-central-1',
      forcePathStyle: false,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'wJal/rXUt+nFEMI',
    });
    expect(
      parseConfig({ MEDIA_S3_URL: 's3+http://minio:minio-secret@127.0.0.1:9000/pictures/shop/prod?path_style=1' })
        .mediaS3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'pictures',
      prefix: 'shop/prod/',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
    });
  });

  it.each([
    ['https://k:s@host/bucket', 'must be s3://'],
    ['s3://host/bucket', 'needs the access key and the secret'],
    ['s3://k:s@host', 'must name a bucket'],
    ['s3://k:s@host/Bad_Bucket', 'must name a bucket'],
    ['s3://k:s@host/bucket?regoin=eu-west-1', 'unknown parameter "regoin"'],
    ['s3://k:s@host/bucket?path_style=yes', 'path_style other than 0 or 1'],
    ['s3://k:s@host/bucket?region=EU%20West', 'not a region name'],
  ])('When MEDIA_S3_URL=%s, then the start is refused saying what is wrong', (value, why) => {
    expect(() => parseConfig({ MEDIA_S3_URL: value })).toThrow(
      new RegExp(`^Invalid configuration: MEDIA_S3_URL=.*${why.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });

  it('When MEDIA_S3_URL is refused, then the line never shows its key or secret, even mistyped', () => {
    for (const value of [
      's3://AKIAKEY:very-secret-value@host/Bad_Bucket',
      's3://AKIAKEY:very/secret@value@host/b',
      'https://AKIAKEY:very-secret-value@host/bucket',
    ]) {
      let message = '';
      try {
        parseConfig({ MEDIA_S3_URL: value });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/^Invalid configuration: MEDIA_S3_URL="[^"]*:\/\/\*\*\*@/);
      expect(message).not.toMatch(/very|secret|AKIAKEY/);
    }
  });

  it('When several values are bad, then every one is named on its own line', () => {
    try {
      parseConfig({ PORT: 'abc', CAPTCHA: 'x' });
      expect.unreachable();
    } catch (e) {
      const lines = (e as Error).message.split('\n');
      expect(lines).toHaveLength(2);
      expect(lines.some((l) => l.includes('PORT'))).toBe(true);
      expect(lines.some((l) => l.includes('CAPTCHA'))).toBe(true);
    }
  });

  it('When values are valid, then they are used', () => {
    const c = parseConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u@h:5432/db',
      REDIS_URL: 'redis://h:6379',
      PUBLIC_URL: 'https://shop.example/',
      ORDER_WAIT_MINUTES: '15',
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u@h:5432/db',
      redisUrl: 'redis://h:6379',
      publicUrl: 'https://shop.example',
      orderWaitMinutes: 15,
    });
    expect(c.redisChannelPrefix).toBe('shop');
    expect(parseConfig({ REDIS_CHANNEL_PREFIX: 'staging' }).redisChannelPrefix).toBe('staging');
  });

  it('When support contacts are set, then they are kept in the shape the client shows; unset ones are absent', () => {
    expect(parseConfig({}).support).toEqual({});
    const c = parseConfig({
      SUPPORT_PHONE: '+880 1700-000000',
      SUPPORT_EMAIL: 'help@shop.example',
      SUPPORT_TELEGRAM: '@walletshop_help',
      SUPPORT_WHATSAPP: '+880 1700-000001',
    });
    expect(c.support).toEqual({
      phone: '+880 1700-000000',
      email: 'help@shop.example',
      telegram: 'walletshop_help',
      whatsapp: '+8801700000001',
    });
    expect(parseConfig({ SUPPORT_PHONE: ' ', SUPPORT_TELEGRAM: 'walletshop_help' }).support).toEqual({
      telegram: 'walletshop_help',
    });
  });
  it('When the Telegram settings are set, then the bot is configured; without a token there is none, and bad values are named', () => {
    expect(parseConfig({}).telegram).toBeUndefined();
    const token = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
    expect(parseConfig({ TELEGRAM_BOT_TOKEN: token }).telegram).toEqual({
      botToken: token,
      apiRoot: 'https://api.telegram.org',
      webhookUrl: undefined,
    });
    expect(
      parseConfig({
        TELEGRAM_BOT_TOKEN: token,
        TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
        TELEGRAM_WEBHOOK_URL: 'https://shop.example/api/v1/telegram/webhook',
      }).telegram,
    ).toEqual({
      botToken: token,
      apiRoot: 'http://127.0.0.1:8081',
      webhookUrl: 'https://shop.example/api/v1/telegram/webhook',
    });
    expect(() => parseConfig({ TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(
      /^Invalid configuration: TELEGRAM_BOT_TOKEN="not-a-token" must be a bot token/,
    );
    expect(() => parseConfig({ TELEGRAM_WEBHOOK_URL: 'https://shop.example/hook' })).toThrow(
      /TELEGRAM_WEBHOOK_URL=.* needs TELEGRAM_BOT_TOKEN/,
    );
    expect(() => parseConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_API_ROOT: 'ftp://x' })).toThrow(
      /TELEGRAM_API_ROOT="ftp:\/\/x" must be a URL/,
    );
  });
});
