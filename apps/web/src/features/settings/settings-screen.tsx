import { useEffect, useRef, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { KEEP_SCROLL } from '@/lib/scroll-restoration.tsx';
import { Tabs } from 'radix-ui';
import {
  Accessibility,
  Clapperboard,
  Cloud,
  Database,
  HardDrive,
  LayoutGrid,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { BrowserDataPage } from '@/components/ui/browser-data-page.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useSession } from '@/lib/auth/session.ts';
import { cn } from '@/lib/cn.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { AccessibilityTab } from './components/accessibility-tab.tsx';
import { ContentTab } from './components/content-tab.tsx';
import { DataTab } from './components/data-tab.tsx';
import { DisplayTab } from './components/display-tab.tsx';
import { PrivacyTab } from './components/privacy-tab.tsx';
import { ProfileTab } from './components/profile-tab.tsx';
import { CUSTOM_SOURCES_ANCHOR, SETTINGS_TABS, tabFromHash, type SettingsTabId } from './settings-rules.ts';

const TAB_ICONS: Record<SettingsTabId, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  profile: UserRound,
  display: LayoutGrid,
  content: Clapperboard,
  privacy: ShieldCheck,
  accessibility: Accessibility,
  data: Database,
};

const TAB_PANELS: Record<SettingsTabId, ComponentType> = {
  profile: ProfileTab,
  display: DisplayTab,
  content: ContentTab,
  privacy: PrivacyTab,
  accessibility: AccessibilityTab,
  data: DataTab,
};

/**
 * The Settings screen (product.md §2): six side tabs, the selected one kept in the URL hash
 * (/settings#accessibility), so the footer's Accessibility and Profile links and the player's
 * /settings/#custom-video-sources link open the right place. Vertical tabs beside the panel on
 * wide screens; a horizontal, scrollable tab bar on phones.
 */
export function SettingsScreen() {
  return (
    <BrowserDataPage title="Settings" subtitle={SETTINGS_SUBTITLE} loadingLabel="Loading settings">
      <SettingsContent />
    </BrowserDataPage>
  );
}

const SETTINGS_SUBTITLE = 'Tune Marquee to the way you watch. Every change is saved the moment you make it.';

function SettingsContent() {
  const location = useLocation();
  const navigate = useNavigate();
  const isWide = useMediaQuery('(min-width: 1024px)');
  const { user } = useSession();
  const tab = tabFromHash(location.hash);
  const anchor = decodeURIComponent(location.hash.replace(/^#/, ''));
  useDocumentTitle('Settings');

  // An anchor inside a tab (the custom sources editor) is scrolled to once its tab is shown.
  useEffect(() => {
    if (anchor !== CUSTOM_SOURCES_ANCHOR) return;
    const frame = requestAnimationFrame(() => document.getElementById(anchor)?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [anchor]);

  // On phones the tab bar scrolls sideways: keep the selected tab in view (/settings#data).
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = tabList.current;
    const active = list?.querySelector<HTMLElement>('[data-state="active"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
  }, [tab]);

  function selectTab(next: string) {
    void navigate({ hash: `#${next}` }, { replace: true, state: KEEP_SCROLL });
  }

  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-16 sm:px-6 lg:px-8">
      <PageHeader
        title="Settings"
        subtitle={SETTINGS_SUBTITLE}
        actions={
          <span className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/[0.03] px-3 py-1.5 text-xs font-medium text-fg-muted">
            {user ? (
              <Cloud className="size-3.5 text-gold-300" aria-hidden />
            ) : (
              <HardDrive className="size-3.5 text-gold-300" aria-hidden />
            )}
            {user ? 'Synced to your account' : 'Saved on this device'}
          </span>
        }
      />
      <Tabs.Root
        value={tab}
        onValueChange={selectTab}
        orientation={isWide ? 'vertical' : 'horizontal'}
        className="lg:grid lg:grid-cols-[15rem_minmax(0,60rem)] lg:items-start lg:gap-10"
      >
        <Tabs.List
          ref={tabList}
          aria-label="Settings sections"
          className={cn(
            'sticky top-16 z-20 -mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-white/5 bg-ink-950/90 px-4 py-2 backdrop-blur-xl [scrollbar-width:none] sm:-mx-6 sm:px-6 [&::-webkit-scrollbar]:hidden',
            'lg:top-24 lg:mx-0 lg:mb-0 lg:flex-col lg:overflow-visible lg:rounded-2xl lg:border lg:border-white/[0.07] lg:bg-ink-900/60 lg:p-2',
          )}
        >
          {SETTINGS_TABS.map(({ id, label }) => {
            const Icon = TAB_ICONS[id];
            return (
              <Tabs.Trigger
                key={id}
                value={id}
                className={cn(
                  'group inline-flex h-10 shrink-0 items-center gap-2.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors hover:bg-white/5 hover:text-fg',
                  'data-[state=active]:bg-gold-400 data-[state=active]:text-ink-950 lg:h-11 lg:w-full lg:px-3.5',
                  'lg:data-[state=active]:bg-gold-400/10 lg:data-[state=active]:text-gold-200 lg:data-[state=active]:shadow-[inset_3px_0_0_var(--color-gold-400)]',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                {label}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {SETTINGS_TABS.map(({ id, label }) => {
          const Panel = TAB_PANELS[id];
          return (
            // Below lg the section tabs stick under the header: what the keyboard focuses in a
            // panel stops clear of them too (beside the page's own scroll padding).
            <Tabs.Content key={id} value={id} className="min-w-0 focus-visible:outline-offset-4 max-lg:**:scroll-mt-16">
              <h2 className="mb-5 font-display text-2xl tracking-wide text-fg">{label}</h2>
              <Panel />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
