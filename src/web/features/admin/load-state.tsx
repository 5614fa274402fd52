import { PageLoading } from '../../components/ui/spinner.js';
import type { Load } from './use-load.js';

/** What a console page shows while its data loads, or the sentence when loading failed. */
export function LoadState<T>({
  load,
  what,
  notFound,
}: {
  load: Load<T>;
  what: string;
  /** What to say when the server answers 404, instead of its message. */
  notFound?: string;
}) {
  if (load.state === 'loading') {
    return <PageLoading label={`Loading ${what}`} />;
  }
  if (load.state === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{notFound !== undefined && load.status === 404 ? notFound : load.message}</p>
      </div>
    );
  }
  return null;
}
