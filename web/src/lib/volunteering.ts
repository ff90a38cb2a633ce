// The profile's volunteering hours (GET /api/me/volunteering): the sum credited at social club check-ins.
// Light: the profile imports only this, never the events chunk.
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export function useVolunteerHours(enabled: boolean): number | undefined {
  const { data } = useQuery({
    queryKey: ['me', 'volunteering'],
    queryFn: ({ signal }) => api<{ volunteerHours: number }>('/api/me/volunteering', { signal, toastOnNetworkError: false }),
    enabled,
    staleTime: 60_000,
  });
  return data?.volunteerHours;
}
