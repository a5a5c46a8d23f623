import { useQuery } from '@tanstack/react-query';
import { fetchPreviewBytes } from '../../api/files.ts';

/** The bytes a viewer draws, fetched once per source with the session (so files in a bucket need no CORS). */
export function usePreviewBytes(source: string) {
  return useQuery({
    queryKey: ['preview-bytes', source],
    queryFn: async () => (await fetchPreviewBytes(source)).blob,
    retry: false,
    gcTime: 30_000,
  });
}
