import { useSettings } from '@/lib/local-store/hooks.ts';
import { useSettingsChange } from '../use-settings-change.ts';
import { SettingsSection, ToggleRow } from './settings-controls.tsx';

/** Privacy: what is measured, shared and remembered (product.md §6 consent rules). */
export function PrivacyTab() {
  const { settings } = useSettings();
  const change = useSettingsChange();
  const privacy = settings.privacySettings;

  return (
    <div className="space-y-6">
      <SettingsSection
        title="Analytics"
        description="Usage events go to Marquee's own server only, and only while both of these are on."
      >
        <ToggleRow
          label="Enable analytics"
          description="Count page views and feature use to improve Marquee."
          checked={settings.enableAnalytics}
          onCheckedChange={(enableAnalytics) => change({ enableAnalytics })}
        />
        <ToggleRow
          label="Data collection"
          description="Allow usage data to be collected at all."
          checked={privacy.dataCollection}
          onCheckedChange={(dataCollection) => change({ privacySettings: { dataCollection } })}
        />
      </SettingsSection>

      <SettingsSection title="Sharing">
        <ToggleRow
          label="Share watch history"
          description="Attach your account to usage events."
          checked={privacy.shareWatchHistory}
          onCheckedChange={(shareWatchHistory) => change({ privacySettings: { shareWatchHistory } })}
        />
        <ToggleRow
          label="Share ratings"
          checked={privacy.shareRatings}
          onCheckedChange={(shareRatings) => change({ privacySettings: { shareRatings } })}
        />
      </SettingsSection>

      <SettingsSection title="Recommendations">
        <ToggleRow
          label="Allow recommendations"
          description="Suggest titles you might like."
          checked={privacy.allowRecommendations}
          onCheckedChange={(allowRecommendations) => change({ privacySettings: { allowRecommendations } })}
        />
        <ToggleRow
          label="Personalised recommendations"
          description="Use your history and favourite genres to pick them."
          checked={settings.enablePersonalizedRecs}
          onCheckedChange={(enablePersonalizedRecs) => change({ enablePersonalizedRecs })}
        />
      </SettingsSection>

      <SettingsSection id="history-settings" title="History and lists">
        <ToggleRow
          label="Save search history"
          description="Keep the terms you search for."
          checked={settings.saveSearchHistory}
          onCheckedChange={(saveSearchHistory) => change({ saveSearchHistory })}
        />
        <ToggleRow
          label="Enable history tracking"
          description="Add what you watch to your history. Off, the player records nothing."
          checked={settings.enableHistoryTracking}
          onCheckedChange={(enableHistoryTracking) => change({ enableHistoryTracking })}
        />
        <ToggleRow
          label="Auto-save history"
          description="Sync your history to your account after each change when signed in."
          checked={settings.autoSaveHistory}
          onCheckedChange={(autoSaveHistory) => change({ autoSaveHistory })}
        />
        <ToggleRow
          label="Auto-save Watch Later"
          description="Sync your Watch Later list to your account after each change when signed in."
          checked={settings.autoSaveWatchLater}
          onCheckedChange={(autoSaveWatchLater) => change({ autoSaveWatchLater })}
        />
      </SettingsSection>

      <SettingsSection title="Notifications">
        <ToggleRow
          label="Notifications"
          description="Tell me about new episodes and Marquee updates."
          checked={settings.notifications}
          onCheckedChange={(notifications) => change({ notifications })}
        />
      </SettingsSection>
    </div>
  );
}
