import { articleImageSrcSet } from './images.js';

describe('articleImageSrcSet', () => {
  it('offers both stored sizes of an image the media module wrote', () => {
    expect(articleImageSrcSet('/media/articles/7/v1a2b-1200x630.webp')).toBe(
      '/media/articles/7/v1a2b-600x315.webp 600w, /media/articles/7/v1a2b-1200x630.webp 1200w',
    );
  });

  it('leaves covers, external images and missing images to their one size', () => {
    expect(articleImageSrcSet('/media/covers/story.svg')).toBeUndefined();
    expect(articleImageSrcSet('https://images.example.com/photo.jpg')).toBeUndefined();
    expect(articleImageSrcSet(null)).toBeUndefined();
  });
});
