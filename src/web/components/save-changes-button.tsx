import { Button, Group } from '@mantine/core';

/** A settings form's submit: enabled once something changed, spinning while it saves. */
export function SaveChangesButton(props: { dirty: boolean; pending: boolean }) {
  return (
    <Group>
      <Button type="submit" disabled={!props.dirty} loading={props.pending}>
        Save Changes
      </Button>
    </Group>
  );
}
