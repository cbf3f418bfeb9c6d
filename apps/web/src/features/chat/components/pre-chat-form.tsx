/**
 * The pre-chat form (spec 2 §2, §5) on the app's forms layer: the domain's schema decides (name
 * required and at most 128 characters, e-mail optional but valid, the first message required, the
 * agent picker in dev agent mode), messages under each field, the first invalid field focused.
 */
import { Button, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { ZPreChatWidgetForm, ZPreChatWidgetFormDevAgent, type TPreChatValues } from '@heloc/domain';
import { Controller, fieldError, fieldId, textFieldProps, useZodForm } from '@/lib/forms';

export function PreChatForm({
  devAgentMode,
  agents,
  busy,
  onStart,
}: {
  devAgentMode: boolean;
  agents: { agentId: string; name: string }[];
  /** The chat is being started (the machine's starting and joining steps). */
  busy: boolean;
  onStart: (values: TPreChatValues) => void;
}) {
  const { form, formRef, onSubmit } = useZodForm(
    devAgentMode ? ZPreChatWidgetFormDevAgent : ZPreChatWidgetForm,
    {
      defaultValues: { friendlyName: '', emailAddress: '', message: '', agentId: '' },
    },
  );

  const submit = onSubmit((values) =>
    onStart({
      friendlyName: values.friendlyName,
      emailAddress: values.emailAddress ?? '',
      message: values.message,
      agentId: values.agentId ?? '',
    }),
  );

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      style={{ flex: 1, overflowY: 'auto' }}
    >
      <Stack p="md" gap="sm">
        <Text size="sm">Chat with a member of our team.</Text>
        <TextInput
          label="Name"
          autoComplete="name"
          {...textFieldProps(form, 'friendlyName', { required: true })}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          {...textFieldProps(form, 'emailAddress')}
        />
        {devAgentMode && (
          <Controller
            control={form.control}
            name="agentId"
            render={({ field }) => (
              <Select
                id={fieldId('agentId')}
                label="Agent (development)"
                withAsterisk
                data={agents.map((agent) => ({ value: agent.agentId, label: agent.name }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError(form, 'agentId')}
              />
            )}
          />
        )}
        <Textarea
          label="How can we help?"
          autosize
          minRows={3}
          {...textFieldProps(form, 'message', { required: true })}
        />
        <Button type="submit" loading={busy}>
          Start chat
        </Button>
      </Stack>
    </form>
  );
}
