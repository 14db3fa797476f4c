import { Button, Group } from '@mantine/core';

/**
 * A settings form's submit: enabled once something changed, spinning while it saves. `label`
 * tells it apart where a tab holds two forms ("Save Changes" by default).
 */
export function SaveChangesButton(props: { dirty: boolean; pending: boolean; label?: string }) {
  return (
    <Group>
      <Button type="submit" disabled={!props.dirty} loading={props.pending}>
        {props.label ?? 'Save Changes'}
      </Button>
    </Group>
  );
}
