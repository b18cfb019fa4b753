import { useCallback } from 'react';
import { toast } from '@/lib/toast.ts';
import type { SettingsPatch } from '@marquee/core';
import { useSession } from '@/lib/auth/session.ts';
import { useSettings } from '@/lib/local-store/hooks.ts';

/** One toast id for every "Setting Updated": a burst of changes updates it instead of stacking. */
const SAVED_TOAST = 'setting-updated';

/** The §8 confirmation of a saved setting: "saved successfully", or "saved locally" for guests. */
export function useAnnounceSettingSaved(): () => void {
  const { user } = useSession();
  const signedIn = user !== null;
  return useCallback(() => {
    toast.success('Setting Updated', {
      id: SAVED_TOAST,
      description: signedIn ? 'Your setting has been saved successfully.' : 'Your setting has been saved locally.',
    });
  }, [signedIn]);
}

/**
 * Saves a settings change at once (product.md §4 "Settings") and, unless `announce` is false
 * (a slider mid-drag, a field mid-typing), confirms it with a toast. False if it was refused.
 */
export function useSettingsChange() {
  const { update } = useSettings();
  const announceSettingSaved = useAnnounceSettingSaved();
  return useCallback(
    (patch: SettingsPatch, { announce = true }: { announce?: boolean } = {}): boolean => {
      const result = update(patch);
      if (!result.ok) {
        console.warn('Setting refused', result.error);
        toast.error('Error', { id: SAVED_TOAST, description: 'Failed to update setting.' });
        return false;
      }
      if (announce) announceSettingSaved();
      return true;
    },
    [update, announceSettingSaved],
  );
}
