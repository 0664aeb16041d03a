import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import { createApiApp } from '../src/app/create-api-app.js';
import { ContactSubmission } from '../src/modules/contact/index.js';
import { signInAdmin } from './support/admin-session.js';
import { testConfig, uniqueSuffix } from './support/test-config.js';

describe('contact messages', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createApiApp(testConfig());
  });
  afterAll(() => app.close());

  /** Each test its own client address, so rate limits of one test never touch another. */
  const from = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const send = (payload: Record<string, unknown>, remoteAddress = from()) => app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

  it('stores a message, trimmed, and shows it in the admin list', async () => {
    const subject = `Partnership ${uniqueSuffix()}`;
    const response = await send({ name: ' Grace ', email: 'grace@example.com', subject, message: 'Loved the piece on grids.\nMore please.' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thank you for your message! We will get back to you soon.' });

    const admin = await signInAdmin(app);
    const list = (await app.inject({ method: 'GET', url: '/api/admin/contact-submissions', headers: admin.headers })).json();
    expect(list.find((s: { subject: string }) => s.subject === subject)).toMatchObject({
      name: 'Grace',
      email: 'grace@example.com',
      message: 'Loved the piece on grids.\nMore please.',
    });
  });

  it('validates every field on the server, writing nothing', async () => {
    const subject = `Invalid ${uniqueSuffix()}`;
    const response = await send({ name: '', email: 'not-an-email', subject, message: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'message', message: 'Message is required' },
    ]);
    expect(await app.get(EntityManager).fork().count(ContactSubmission, { subject })).toBe(0);
  });

  it('answers a bot that fills the honeypot as if all went well, and stores nothing', async () => {
    const subject = `Spam ${uniqueSuffix()}`;
    const response = await send({ name: 'Bot', email: 'bot@example.com', subject, message: 'Buy now', website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(await app.get(EntityManager).fork().count(ContactSubmission, { subject })).toBe(0);
  });

  it('limits a burst from one client with a 429 and the wait', async () => {
    const ip = from();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await send({ name: 'N', email: 'n@example.com', subject: `Burst ${i}`, message: 'm' }, ip)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const limited = await send({ name: 'N', email: 'n@example.com', subject: 'Again', message: 'm' }, ip);
    expect(limited.json().message).toMatch(/^Too many requests\. Please try again in \d+ (seconds?|minutes)\.$/);
    expect((await send({ name: 'N', email: 'n@example.com', subject: 'Other client', message: 'm' })).statusCode).toBe(201);
  });
});
