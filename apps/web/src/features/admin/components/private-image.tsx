import { useEffect, useState } from 'react';
import { getToken } from '../../../lib/storage';
import { useRegion } from '../../../lib/region';

/**
 * A private document (served to admins only, behind the bearer token): an <img> cannot send the
 * token, so the bytes are fetched and shown from an object URL, released when the view goes.
 */
export function PrivateImage({ src, alt }: { src: string; alt: string }) {
  const { region } = useRegion();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const token = getToken(region);
    fetch(src, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, region]);

  if (failed) return <p className="text-sm text-red-600">Could not load {alt}.</p>;
  if (!url) return <div className="h-40 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" aria-label={`Loading ${alt}`} />;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="block">
      <img src={url} alt={alt} className="max-h-64 w-full rounded-xl object-contain ring-1 ring-slate-200 dark:ring-slate-700" />
    </a>
  );
}
