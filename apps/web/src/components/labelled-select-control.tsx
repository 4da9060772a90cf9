import { useOpenOnMount } from './deferred-control';
import type { LabelledSelectProps } from './labelled-select-props';
import { Select } from './ui/select';

/** The React Aria select behind a `LabelledSelect`, loaded on first use (`deferred-control.tsx`). */
export function LabelledSelectControl({ openOnMount, ...props }: LabelledSelectProps & { openOnMount?: boolean }) {
  const wrapper = useOpenOnMount(openOnMount);
  return (
    <span ref={wrapper} className="contents">
      <Select inline {...props} />
    </span>
  );
}
