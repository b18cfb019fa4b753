import { useEffect } from 'react';

export interface ShareMeta {
  title: string;
  description: string;
  /** URL of the share image (the backdrop), or null when the title has none; made absolute here. */
  image: string | null;
  /** The page's URL or path; made absolute here. */
  url: string;
  /** og:type, e.g. video.movie or video.tv_show. */
  type?: string;
}

type Attribute = 'property' | 'name';

/**
 * Sets one meta tag and returns how to undo it: restore the page's own content, or remove the tag
 * when this hook created it (so that leaving a detail page leaves the head as it found it).
 */
function setMeta(attribute: Attribute, key: string, content: string | null): () => void {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    if (!existing) return () => {};
    existing.remove();
    return () => document.head.append(existing);
  }
  const previous = existing?.getAttribute('content') ?? null;
  const tag = existing ?? document.createElement('meta');
  if (!existing) {
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.setAttribute('content', content);
  return () => {
    if (!existing) tag.remove();
    else if (previous !== null) tag.setAttribute('content', previous);
  };
}

/**
 * The social-share meta of a detail page (product.md §2: title, description, image from the
 * backdrop, url), plus the plain description and the Twitter card kind.
 */
export function useShareMeta(meta: ShareMeta | null): void {
  const { title, description, image, url, type } = meta ?? {};
  const isActive = meta !== null;
  useEffect(() => {
    if (!isActive) return;
    const absolute = (href: string) => new URL(href, window.location.origin).href;
    const undo = [
      setMeta('property', 'og:title', title ?? ''),
      setMeta('property', 'og:description', description ?? ''),
      setMeta('property', 'og:image', image ? absolute(image) : null),
      setMeta('property', 'og:url', url ? absolute(url) : ''),
      setMeta('property', 'og:type', type ?? 'website'),
      setMeta('name', 'description', description || title || ''),
      setMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
      setMeta('name', 'twitter:title', title ?? ''),
      setMeta('name', 'twitter:description', description ?? ''),
      setMeta('name', 'twitter:image', image ? absolute(image) : null),
    ];
    return () => undo.reverse().forEach((restore) => restore());
  }, [isActive, title, description, image, url, type]);
}
