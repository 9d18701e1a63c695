// Stored media names (users' avatars) become URLs under MEDIA_BASE_URL in every answer that shows them.

/** The public URL of a stored media name, or null for the default image. */
export function mediaUrl(mediaBaseUrl: string, name: string | null): string | null {
  return name ? `${mediaBaseUrl}/${name}` : null;
}
