import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarDays, ChevronLeft, ChevronRight, Copy, Info, RotateCw } from 'lucide-react';
import { addDays, isCalendarDay, localDay, weekStart } from '@marquee/core';
import { TrackingNav } from '@/components/tracking/tracking-nav.tsx';
import { Button } from '@/components/ui/button.tsx';
import { LazyConfirmDialog } from '@/components/ui/lazy-dialog.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAppConfig } from '@/lib/app-config.ts';
import { useSession } from '@/lib/auth/session.ts';
import { useSetting } from '@/lib/local-store/hooks.ts';
import { toast } from '@/lib/toast.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useRenewCalendarAddress } from './api/renew-calendar-address.ts';
import { calendarSections, dayHeading, dayText, type CalendarSection } from './calendar-rules.ts';
import { CalendarEntryRow } from './components/calendar-entry-row.tsx';
import { calendarRange, useCalendar } from './use-calendar.ts';

const SECTION_TITLES: Record<CalendarSection['id'], string> = {
  week: 'This week',
  later: 'Coming up',
  earlier: 'Recently aired',
};

/**
 * `/calendar` (issue 30 "Calendar"): the episodes of the series the viewer follows and the release
 * dates of the films in Watch Later, by day, this week first; what aired lately and is not watched
 * yet is marked. `?week=` (a day of it) shows another week.
 */
export function CalendarScreen() {
  useDocumentTitle('Calendar');
  const [quality] = useSetting('posterQuality');
  const [params, setParams] = useSearchParams();
  const today = localDay(new Date());
  const thisWeek = weekStart(today);
  const asked = params.get('week');
  const week =
    asked && isCalendarDay(asked) && asked >= '1900-01-15' && asked <= '2099-11-01' ? weekStart(asked) : thisWeek;
  const weekEnd = addDays(week, 6);
  const range = useMemo(() => calendarRange(week), [week]);
  const { status, entries, icsUrl, retry } = useCalendar(range);
  const { data: config } = useAppConfig();
  const sections = calendarSections(entries, week, weekEnd);
  const isThisWeek = week === thisWeek;

  const goTo = (target: string) => setParams(target === thisWeek ? {} : { week: target }, { preventScrollReset: true });

  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <TrackingNav />
      <PageHeader
        title="Calendar"
        subtitle="New episodes of the series you follow (started, or saved to Watch Later) and release dates of the films in Watch Later."
      />

      {config?.catalogue === 'local' ? (
        <p className="mb-6 flex items-start gap-3 rounded-xl border border-white/10 bg-white/[0.03] px-4 py-3 text-sm text-fg-muted">
          <Info className="mt-0.5 size-4 shrink-0 text-gold-300" aria-hidden />
          <span>
            The built-in catalogue has fixed air dates that end in 2025, and only some episodes have one: the calendar
            shows the dates it has.
          </span>
        </p>
      ) : null}

      <nav aria-label="Weeks" className="mb-6 flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => goTo(addDays(week, -28))}>
          <ChevronLeft className="size-4" aria-hidden />
          Earlier
        </Button>
        {isThisWeek ? null : (
          <Button variant="outline" size="sm" onClick={() => goTo(thisWeek)}>
            This week
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => goTo(addDays(week, 28))}>
          Later
          <ChevronRight className="size-4" aria-hidden />
        </Button>
        <p className="text-sm text-fg-muted" aria-live="polite">
          {isThisWeek ? 'This week' : 'Week'} of {dayText(week)}
        </p>
      </nav>

      {status === 'pending' ? (
        <div role="status" aria-label="Loading the calendar" className="space-y-3">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="h-16 animate-pulse rounded-xl bg-white/5" />
          ))}
        </div>
      ) : status === 'error' ? (
        <div role="alert" className="rounded-2xl border border-ember-500/40 bg-ember-600/10 p-6 text-fg">
          <p>The calendar could not be loaded.</p>
          <Button className="mt-4" variant="secondary" onClick={retry}>
            <RotateCw className="size-4" aria-hidden />
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-10">
          {sections.map((section) =>
            section.id !== 'week' && section.days.length === 0 ? null : (
              <section key={section.id} aria-labelledby={`calendar-${section.id}`}>
                <h2 id={`calendar-${section.id}`} className="mb-4 font-display text-2xl tracking-wide text-fg">
                  {section.id === 'week' && !isThisWeek ? `Week of ${dayText(week)}` : SECTION_TITLES[section.id]}
                </h2>
                {section.days.length === 0 ? (
                  <p className="rounded-xl border border-dashed border-white/10 px-4 py-6 text-center text-sm text-fg-muted">
                    Nothing airing from {dayText(week)} to {dayText(weekEnd)}.
                  </p>
                ) : (
                  <div className="space-y-6">
                    {section.days.map((day) => (
                      <div key={day.date}>
                        <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-fg">
                          {dayHeading(day.date, today)}
                          {day.date === today ? (
                            <span className="rounded-full bg-gold-400 px-2 py-0.5 text-xs text-ink-950">Today</span>
                          ) : null}
                        </h3>
                        <ul className="space-y-2">
                          {day.entries.map((entry) => (
                            <li
                              key={`${entry.type}:${entry.title.id}:${entry.season_number ?? ''}:${entry.episode_number ?? ''}`}
                            >
                              <CalendarEntryRow entry={entry} today={today} quality={quality} />
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </div>
                )}
              </section>
            ),
          )}
        </div>
      )}

      <FeedPanel icsUrl={icsUrl} />
    </div>
  );
}

/** The iCal feed: its secret address to copy into a calendar app, and renewing it (accounts only). */
function FeedPanel({ icsUrl }: { icsUrl: string | null }) {
  const { user } = useSession();
  const renew = useRenewCalendarAddress();
  const [isConfirming, setIsConfirming] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Calendar address copied');
    } catch {
      toast.error('Could not copy: select the address and copy it');
    }
  }

  return (
    <section aria-labelledby="calendar-feed" className="mt-12 rounded-2xl border border-white/10 bg-ink-900/60 p-5">
      <h2 id="calendar-feed" className="flex items-center gap-2 font-display text-xl tracking-wide text-fg">
        <CalendarDays className="size-5 text-gold-300" aria-hidden />
        Subscribe from a calendar app
      </h2>
      {!user ? (
        <p className="mt-2 text-sm text-fg-muted">
          Sign in to get a private address your calendar app can subscribe to.
        </p>
      ) : icsUrl ? (
        <>
          <p className="mt-2 text-sm text-fg-muted">
            This private address shows your calendar in any app that subscribes to iCal feeds. Anyone who has it can see
            what you follow: renew it to make the old one stop working.
          </p>
          <label htmlFor="calendar-feed-url" className="mt-4 block text-sm font-medium text-fg">
            Calendar address
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              id="calendar-feed-url"
              readOnly
              value={icsUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-white/15 bg-ink-950 px-3 font-mono text-xs text-fg"
            />
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => void copy(icsUrl)}>
                <Copy className="size-4" aria-hidden />
                Copy
              </Button>
              <Button variant="outline" disabled={renew.isPending} onClick={() => setIsConfirming(true)}>
                <RotateCw className="size-4" aria-hidden />
                Renew address
              </Button>
            </div>
          </div>
        </>
      ) : null}
      <LazyConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Renew the calendar address?"
        description="The current address stops working: calendar apps subscribed to it will need the new one."
        confirmLabel="Renew address"
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => toast.success('The calendar has a new address'),
            onError: () => toast.error('The address could not be renewed'),
          })
        }
      />
    </section>
  );
}
