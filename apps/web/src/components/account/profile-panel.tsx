import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Pencil } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { USERNAME_PATTERN } from '@marquee/core';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { isUsernameAvailable, saveProfile, type Profile } from '@/lib/auth/auth-api.ts';
import { profileQueryKey, useProfile } from '@/lib/auth/profile.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { SignOutButton } from './sign-out-button.tsx';
import { UserAvatar } from './user-avatar.tsx';
import { formatDay } from '@/lib/format.ts';

function avatarUrlError(value: string): string | undefined {
  if (!value.trim()) return undefined;
  if (!/^https?:\/\//i.test(value.trim()) || !URL.canParse(value.trim())) {
    return 'Avatar URL must be a web address starting with http:// or https://';
  }
  return undefined;
}

type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'invalid';

/** Whether a username is free (the check excludes the user's own id, product.md §5). */
function useUsernameAvailability(username: string, current: string | null): Availability {
  const debounced = useDebouncedValue(username.trim(), 400);
  const [state, setState] = useState<{ name: string; available: boolean } | null>(null);
  const valid = USERNAME_PATTERN.test(debounced);
  const unchanged = debounced.toLowerCase() === (current ?? '').toLowerCase();
  useEffect(() => {
    if (!valid || unchanged) return;
    let live = true;
    isUsernameAvailable(debounced)
      .then((available) => live && setState({ name: debounced, available }))
      .catch(() => live && setState(null));
    return () => {
      live = false;
    };
  }, [debounced, valid, unchanged]);
  if (!username.trim() || unchanged) return 'idle';
  if (!USERNAME_PATTERN.test(username.trim())) return 'invalid';
  if (debounced !== username.trim() || state?.name !== debounced) return 'checking';
  return state.available ? 'available' : 'taken';
}

function ProfileEditor({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [username, setUsername] = useState(profile.username ?? '');
  const [avatarUrl, setAvatarUrl] = useState(profile.avatar_url ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const availability = useUsernameAvailability(username, profile.username);
  const queryClient = useQueryClient();
  const avatarError = avatarUrlError(avatarUrl);

  const usernameMessage = {
    idle: undefined,
    checking: 'Checking availability...',
    available: 'Username is available',
    taken: undefined,
    invalid: undefined,
  }[availability];
  const usernameError =
    availability === 'taken'
      ? 'Username is already taken'
      : availability === 'invalid'
        ? 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'
        : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || usernameError || avatarError) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveProfile({ username: username.trim() || null, avatar_url: avatarUrl.trim() || null });
      queryClient.setQueryData(profileQueryKey, saved);
      toast.success('Profile Updated', { description: 'Your profile has been updated successfully.' });
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status < 500) {
        setError(caught.message);
        toast.error('Profile Update Failed', { description: caught.message });
      } else {
        setError('Failed to update profile. Please try again.');
        toast.error('Update Failed', { description: 'Failed to update profile. Please try again.' });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Username"
        autoComplete="username"
        value={username}
        error={usernameError}
        hint={usernameMessage}
        onChange={(event) => setUsername(event.target.value)}
        autoFocus
      />
      <TextField
        label="Avatar URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={avatarUrl}
        error={avatarError}
        onChange={(event) => setAvatarUrl(event.target.value)}
      />
      {error ? (
        <p role="alert" className="text-sm text-ember-400">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={saving || Boolean(usernameError || avatarError) || availability === 'checking'}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The signed-in user's profile (product.md §2 Profile dialog, Settings Profile tab): avatar with
 * the initials fallback, username or Anonymous User, e-mail with a Verified badge, member since,
 * the id cut to 8 characters, Edit Profile (username and avatar URL) and Sign Out.
 */
export function ProfilePanel({ onSignedOut }: { onSignedOut?: () => void }) {
  const { data: profile, isPending, isError, refetch } = useProfile();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Saving or cancelling takes away the form that had the focus: Edit Profile gets it back.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (isPending) {
    return (
      <p role="status" className="py-8 text-center text-fg-muted">
        Loading profile...
      </p>
    );
  }
  if (isError || !profile) {
    return (
      <div role="alert" className="py-6 text-center">
        <p className="text-fg-muted">Your profile could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
        <UserAvatar username={profile.username} email={profile.email} avatarUrl={profile.avatar_url} size="lg" />
        <div className="min-w-0">
          <p className="truncate font-display text-2xl tracking-wide text-fg">{profile.username || 'Anonymous User'}</p>
          <p className="mt-1 flex flex-wrap items-center justify-center gap-2 text-fg-muted sm:justify-start">
            <span className="truncate">{profile.email}</span>
            {profile.email_verified ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-rating-high/15 px-2 py-0.5 text-xs font-medium text-rating-high">
                <BadgeCheck className="size-3.5" aria-hidden />
                Verified
              </span>
            ) : null}
          </p>
          <dl className="mt-2 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-fg-subtle sm:justify-start">
            <div className="flex gap-1.5">
              <dt>Member since</dt>
              <dd className="text-fg-muted">{formatDay(new Date(profile.created_at), 'long', 'local')}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt>User ID</dt>
              <dd className="font-mono text-fg-muted" title={profile.id}>
                {profile.id.slice(0, 8)}
              </dd>
            </div>
          </dl>
        </div>
      </div>
      {editing ? (
        <ProfileEditor profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button ref={editButton} variant="secondary" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden />
            Edit Profile
          </Button>
          <SignOutButton onSignedOut={onSignedOut} />
        </div>
      )}
    </div>
  );
}
