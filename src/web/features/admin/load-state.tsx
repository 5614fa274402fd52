import { PageLoading } from '../../components/ui/spinner.js';
import type { Load } from './use-load.js';

/** What a console page shows while its data loads, or the sentence when loading failed. */
export function LoadState<T>({ load, what }: { load: Load<T>; what: string }) {
  if (load.state === 'loading') {
    return <PageLoading label={`Loading ${what}`} />;
  }
  if (load.state === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{load.message}</p>
      </div>
    );
  }
  return null;
}
