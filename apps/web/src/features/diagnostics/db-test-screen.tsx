import { useState } from 'react';
import { CheckCircle2, CircleDashed, Database, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { apiFetch } from '@/lib/api-client.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

type Check = { status: 'working' | 'failed'; message: string | null };
interface Diagnostics {
  auth: Check;
  comments: Check;
  user_profiles: Check;
}

const CHECKS: Array<{ key: keyof Diagnostics; label: string }> = [
  { key: 'auth', label: 'Authentication' },
  { key: 'comments', label: 'Comments table' },
  { key: 'user_profiles', label: 'User profiles table' },
];

function CheckRow({ label, check }: { label: string; check: Check | null }) {
  return (
    <li className="flex items-start gap-3 py-3">
      {check === null ? (
        <CircleDashed className="mt-0.5 size-5 text-fg-subtle" aria-hidden />
      ) : check.status === 'working' ? (
        <CheckCircle2 className="mt-0.5 size-5 text-rating-high" aria-hidden />
      ) : (
        <XCircle className="mt-0.5 size-5 text-ember-400" aria-hidden />
      )}
      <div>
        <p className="font-medium text-fg">
          {label}: <span className="text-fg-muted">{check === null ? 'not tested' : check.status}</span>
        </p>
        {check?.message ? <p className="mt-0.5 text-sm text-fg-muted">{check.message}</p> : null}
      </div>
    </li>
  );
}

/** /db-test (player.md §2 Database test page): idle → testing → results, one line per check. */
export function DbTestScreen() {
  useDocumentTitle('Database Setup Test');
  const [state, setState] = useState<'idle' | 'testing' | 'results'>('idle');
  const [results, setResults] = useState<Diagnostics | null>(null);

  async function run() {
    setState('testing');
    try {
      setResults(await apiFetch<Diagnostics>('/api/diagnostics/db'));
    } catch (error) {
      const failed: Check = {
        status: 'failed',
        message: `Database connection failed: ${error instanceof Error ? error.message : String(error)}`,
      };
      setResults({ auth: failed, comments: failed, user_profiles: failed });
    }
    setState('results');
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6">
      <PageHeader title="Database Setup Test" subtitle="Checks that sign-in and the comment tables work." />
      <Button onClick={() => void run()} disabled={state === 'testing'}>
        <Database className="size-4" aria-hidden />
        {state === 'testing' ? 'Testing...' : 'Test Database Setup'}
      </Button>
      <ul
        aria-label="Checks"
        aria-live="polite"
        className="mt-6 divide-y divide-white/5 rounded-2xl border border-white/10 bg-ink-900/50 px-5"
      >
        {CHECKS.map((check) => (
          <CheckRow key={check.key} label={check.label} check={results?.[check.key] ?? null} />
        ))}
      </ul>
      <section className="mt-8 rounded-2xl border border-white/10 bg-white/[0.03] p-5 text-sm text-fg-muted">
        <h2 className="font-display text-lg tracking-wide text-fg">Setup instructions</h2>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5">
          <li>Marquee creates and updates its tables itself: the migrations run every time the server starts.</li>
          <li>
            With <code>DATABASE_URL</code> set, check that the server can reach that PostgreSQL and that its user may
            create tables; without it, the embedded database lives in <code>DATA_DIR</code>.
          </li>
          <li>Restart the server to apply the migrations again, then run this test.</li>
          <li>The authentication check passes once you are signed in.</li>
        </ol>
      </section>
    </div>
  );
}
