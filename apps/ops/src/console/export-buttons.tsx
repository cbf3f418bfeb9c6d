/** The console's download buttons: the pipeline's applied view as CSV, an application file as a PDF bundle. */
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { exportsApi } from './exports-api';

function DownloadButton({ label, run }: { label: string; run: () => Promise<string> }) {
  const download = useMutation({ mutationFn: run });
  return (
    <Stack gap={2}>
      <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
        {label}
      </Button>
      {download.error && (
        <Text size="sm" c="red.9" role="alert">
          {download.error.message}
        </Text>
      )}
    </Stack>
  );
}

/** The applied filters' view (the query the table shows), every page, as CSV. */
export function DownloadCsv({ search }: { search: string }) {
  return <DownloadButton label="Download CSV" run={() => exportsApi.downloadPipeline(search)} />;
}

export function DownloadBundle({ uuid, loanNumber }: { uuid: string; loanNumber: string }) {
  return (
    <DownloadButton label="Download file bundle" run={() => exportsApi.downloadBundle(uuid, loanNumber)} />
  );
}
