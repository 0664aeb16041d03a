import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ConfigError, loadConfig } from './app-config.js';
import { ConfigModule, InjectConfig, type ConfigSlice } from './config.module.js';
import { ALL_SETTINGS, EnvSchema } from './env.schema.js';
import { SETTINGS } from './settings.js';

const valid = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/ai_mind',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

describe('loadConfig', () => {
  it('fills defaults into a typed object', () => {
    const config = loadConfig(valid);
    expect(config.server.port).toBe(3000);
    expect(config.site.env).toBe('development');
    expect(config.web.enabled).toBe(true);
    expect(config.database.url).toBe(valid.DATABASE_URL);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ ...valid, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...valid, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('names a missing required variable', () => {
    expect(() => loadConfig({ REDIS_URL: valid.REDIS_URL })).toThrow(/DATABASE_URL: .*\(not set\)/);
  });

  it('refuses a database URL of another kind', () => {
    expect(() => loadConfig({ ...valid, DATABASE_URL: 'mysql://root@localhost/db' })).toThrow(/DATABASE_URL: must be a postgres/);
  });
});

describe('loadConfig: sessions and origins', () => {
  it('makes cookies Secure in production only, unless told', () => {
    expect(loadConfig({ ...valid, NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' }).auth.session.cookieSecure).toBe(true);
    expect(loadConfig(valid).auth.session.cookieSecure).toBe(false);
    expect(loadConfig({ ...valid, COOKIE_SECURE: 'true' }).auth.session.cookieSecure).toBe(true);
  });

  it('parses the admin-app origins and refuses garbage', () => {
    expect(loadConfig({ ...valid, CORS_ORIGINS: 'https://admin.example.com/, http://localhost:3102' }).server.corsOrigins).toEqual([
      'https://admin.example.com',
      'http://localhost:3102',
    ]);
    expect(() => loadConfig({ ...valid, CORS_ORIGINS: 'not an origin' })).toThrow(/CORS_ORIGINS/);
  });

  it('refuses a short admin password in production', () => {
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ...valid, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin' }).auth.initialAdmin).toEqual({ username: 'admin', password: 'admin' });
  });

  it('takes the site origin from PUBLIC_URL, by default the local address of PORT', () => {
    expect(loadConfig(valid).site.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ ...valid, PORT: '8080' }).site.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...valid, PUBLIC_URL: 'https://www.example.com/' }).site.publicUrl).toBe('https://www.example.com');
    expect(() => loadConfig({ ...valid, PUBLIC_URL: 'https://www.example.com/blog' })).toThrow(/PUBLIC_URL: must be an origin only/);
    expect(() => loadConfig({ ...valid, PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
  });
});

describe('loadConfig: the S3 media bucket', () => {
  const bucket = { ...valid, MEDIA_S3_BUCKET: 'ai-mind-media', MEDIA_PUBLIC_URL: 'https://media.example.com/' };

  it('uses the default AWS credential chain when no keys are given', () => {
    expect(loadConfig(bucket).images.s3).toEqual({
      bucket: 'ai-mind-media',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      publicUrl: 'https://media.example.com',
    });
  });

  it('takes static or temporary keys', () => {
    const keys = { MEDIA_S3_ACCESS_KEY_ID: 'AKIA', MEDIA_S3_SECRET_ACCESS_KEY: 'secret', MEDIA_S3_SESSION_TOKEN: 'token' };
    expect(loadConfig({ ...bucket, ...keys }).images.s3?.credentials).toEqual({ accessKeyId: 'AKIA', secretAccessKey: 'secret', sessionToken: 'token' });
  });

  it('refuses half a key pair, a token without keys, and a bucket without its public URL', () => {
    expect(() => loadConfig({ ...bucket, MEDIA_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/MEDIA_S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...bucket, MEDIA_S3_SESSION_TOKEN: 'token' })).toThrow(/MEDIA_S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...valid, MEDIA_S3_BUCKET: 'ai-mind-media' })).toThrow(/MEDIA_PUBLIC_URL/);
  });
});

describe('the settings declaration', () => {
  it('declares each variable once, described, with a default that passes its own validation', () => {
    const names = ALL_SETTINGS.map((declaration) => declaration.env);
    expect(new Set(names).size).toBe(names.length);
    for (const declaration of ALL_SETTINGS) {
      expect({ env: declaration.env, described: declaration.description.length > 10 }).toEqual({ env: declaration.env, described: true });
      if (declaration.default !== undefined)
        expect({ env: declaration.env, ok: declaration.schema.safeParse(declaration.default).success }).toEqual({ env: declaration.env, ok: true });
    }
    expect(Object.keys(EnvSchema.shape)).toEqual(names);
  });

  it('fills every slice from its settings, derived values included', () => {
    const config = loadConfig({ ...valid, SESSION_IDLE_MINUTES: '30', TRENDING_FEEDS: 'https://example.com/feed.xml', PUBLIC_URL: 'https://www.example.com' });
    expect(config.newsletter).toEqual({
      confirmTtlSeconds: 172_800,
      resendWindowSeconds: 600,
      maxAttempts: 4,
      retryDelayMs: 60_000,
      sendLeaseMs: 300_000,
      senders: 4,
    });
    expect(config.auth.session).toEqual({ idleSeconds: 1800, maxSeconds: 86_400, cookieSecure: false, cookieSameSite: 'lax' });
    expect(config.sources.fetchPages).toBe(true);
    expect(loadConfig(valid).sources.fetchPages).toBe(false);
    expect(config.mail.from).toBe('The AI Mind <newsletter@www.example.com>');
    expect(config.server.trustProxy).toBe(false);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', PUBLIC_URL: 'https://www.example.com' }).server.trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(config.backup).toMatchObject({ cron: '0 */6 * * *', retention: 60, dailyDays: 30, batchSize: 500 });
    expect(Object.keys(config).sort()).toEqual(Object.keys(SETTINGS).sort());
  });

  it('applies a default only to an unset variable: an empty one is validated as given', () => {
    expect(() => loadConfig({ ...valid, PORT: '' })).toThrow(/PORT/);
    expect(loadConfig({ ...valid, BACKUP_CRON: '' }).backup.cron).toBe('');
  });

  it('gives a module its own slice, and only that, by @InjectConfig', async () => {
    @Injectable()
    class Reader {
      constructor(@InjectConfig('newsletter') readonly config: ConfigSlice<'newsletter'>) {}
    }
    const config = loadConfig({ ...valid, NEWSLETTER_SENDERS: '7' });
    const app = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config)], providers: [Reader] }).compile();
    expect(app.get(Reader).config).toBe(config.newsletter);
    expect(app.get(Reader).config.senders).toBe(7);
    await app.close();
  });
});
