import { ACTIVITY_JSON, FEDIVERSE_ACTOR_PATH, articleCanonicalPath, type Article } from '@ai-mind/contracts';
import { useProduct } from '../support/suite.js';

/**
 * The product started as the README starts it answers as a fediverse site: WebFinger names its actor,
 * the home page links the actor, and an article's address gives the page to a browser and the Article
 * object to a fediverse server, even once the page is a prepared answer of the HTTP server, each saying
 * Vary: Accept.
 */
describe('the site as a fediverse actor, on the product as started', () => {
  const suite = useProduct('fediverse');

  it('resolves the handle by WebFinger and the actor, and names it from the home page', async () => {
    const origin = suite.product.url.replace(/\/$/, '');
    const host = new URL(origin).host;
    const finger = await fetch(`${origin}/.well-known/webfinger?resource=acct:news@${host}`);
    expect(finger.status).toBe(200);
    const links = ((await finger.json()) as { links: { rel: string; href?: string }[] }).links;
    expect(links).toContainEqual(expect.objectContaining({ rel: 'self', href: `${origin}${FEDIVERSE_ACTOR_PATH}` }));
    const actor = await fetch(`${origin}${FEDIVERSE_ACTOR_PATH}`, { headers: { accept: ACTIVITY_JSON } });
    expect(actor.status).toBe(200);
    expect(await actor.json()).toMatchObject({ type: 'Application', preferredUsername: 'news', inbox: `${origin}${FEDIVERSE_ACTOR_PATH}/inbox` });
    const home = await (await fetch(`${origin}/`)).text();
    expect(home).toContain(`<link rel="alternate" type="${ACTIVITY_JSON}" href="${origin}${FEDIVERSE_ACTOR_PATH}"`);
    expect((await fetch(`${origin}/ap/inbox`, { method: 'POST', headers: { 'content-type': ACTIVITY_JSON }, body: '{}' })).status).toBe(401);
  });

  it("answers an article's address with the page for a browser and with its Article for a fediverse server", async () => {
    const origin = suite.product.url.replace(/\/$/, '');
    const [article] = (await (await fetch(`${origin}/api/articles?approved=true&limit=1`)).json()) as Article[];
    const url = `${origin}${articleCanonicalPath(article!)}`;
    // Twice: the second is the HTTP server's prepared answer, which must not be what a fediverse server gets.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(url, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toContain('text/html');
      // A shared cache keeps the page and the object apart.
      expect(page.headers.get('vary')).toBe('accept-encoding, accept');
      expect(await page.text()).toContain(`<link rel="alternate" type="${ACTIVITY_JSON}" href="${url}"`);
    }
    const object = await fetch(url, { headers: { accept: ACTIVITY_JSON } });
    expect(object.status).toBe(200);
    expect(object.headers.get('content-type')).toContain(ACTIVITY_JSON);
    expect(object.headers.get('vary')?.toLowerCase()).toBe('accept');
    expect(await object.json()).toMatchObject({ type: 'Article', id: url, name: article!.title, attributedTo: `${origin}${FEDIVERSE_ACTOR_PATH}` });
  });
});
