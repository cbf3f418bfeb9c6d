/** After a decision the file (step, offer), its timeline and its decisions all change. */
import { useQueryClient } from '@tanstack/react-query';

export function useRefreshFile(applicationUuid: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [
        ['application-file', applicationUuid],
        ['timeline', applicationUuid],
        ['decisions', applicationUuid],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}
