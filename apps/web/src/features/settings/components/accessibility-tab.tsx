import { useSettings } from '@/lib/local-store/hooks.ts';
import { MORE_CONTRAST_QUERY, REDUCED_MOTION_QUERY } from '@/lib/system-preferences.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { useSettingsChange } from '../use-settings-change.ts';
import { FontSizeSelect } from './display-tab.tsx';
import { SettingsSection, ToggleRow } from './settings-controls.tsx';

/**
 * Accessibility. High contrast and reduced motion exist twice in the settings (top level and in
 * accessibilitySettings); a switch here shows either and sets both, so every reader agrees. When
 * the system asks for the same, the app follows it whatever the switch says, and the row says so.
 */
export function AccessibilityTab() {
  const { settings } = useSettings();
  const change = useSettingsChange();
  const a11y = settings.accessibilitySettings;
  const systemContrast = useMediaQuery(MORE_CONTRAST_QUERY);
  const systemMotion = useMediaQuery(REDUCED_MOTION_QUERY);

  return (
    <div className="space-y-6">
      <SettingsSection title="Vision">
        <ToggleRow
          label="High contrast"
          description={`Pure black and white with stronger outlines.${systemContrast ? ' On while your system asks for more contrast.' : ''}`}
          checked={settings.highContrastMode || a11y.highContrast}
          onCheckedChange={(on) => change({ highContrastMode: on, accessibilitySettings: { highContrast: on } })}
        />
        <FontSizeSelect description="Scales all text; the same setting as in Display & UI." />
      </SettingsSection>

      <SettingsSection title="Motion">
        <ToggleRow
          label="Reduced motion"
          description={`Stop animations, hover lifts and automatic carousels.${systemMotion ? ' On while your system asks for reduced motion.' : ''}`}
          checked={settings.reducedMotion || a11y.reducedMotion}
          onCheckedChange={(on) => change({ reducedMotion: on, accessibilitySettings: { reducedMotion: on } })}
        />
      </SettingsSection>

      <SettingsSection title="Assistive technology">
        <ToggleRow
          label="Screen reader optimisations"
          description="Bolder focus outlines, and whatever has focus never hides under the header."
          checked={a11y.screenReader}
          onCheckedChange={(screenReader) => change({ accessibilitySettings: { screenReader } })}
        />
      </SettingsSection>
    </div>
  );
}
