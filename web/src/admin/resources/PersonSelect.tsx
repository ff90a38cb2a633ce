// Search-as-you-type person picker: GET /api/admin/people?q=&limit= (editors and admins alike; the admin
// `users` resource is admins' only). Each option shows the name, employee code and store. One person (a
// manual badge award) or several (`multiple`: whom to issue account codes for).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api';

/** A person as the picker finds them: never contact details or roles. */
export interface Person {
  id: string;
  name: string;
  employeeId: string;
  store: string | null;
}

export function peopleUrl(q: string, limit = 20): string {
  const s = new URLSearchParams();
  if (q.trim()) s.set('q', q.trim());
  s.set('limit', String(limit));
  return `/api/admin/people?${s.toString()}`;
}

/** Active people whose name or employee code contains `q` (empty: the first ones by name). */
export function usePeople(q: string, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'people', q.trim()],
    queryFn: ({ signal }) => api<{ items: Person[] }>(peopleUrl(q), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

export const personLabel = (p: Person) => [p.name, p.employeeId, p.store].filter(Boolean).join(' · ');

type Single = { multiple?: false; value?: string | null; onChange?: (v: string | null) => void };
type Multiple = { multiple: true; value?: string[]; onChange?: (v: string[]) => void };

export function PersonSelect(props: (Single | Multiple) & { placeholder?: string; id?: string; initial?: Person[] }) {
  const { placeholder, id, initial } = props;
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  // Chosen people stay labelled when a later search no longer lists them.
  const [chosen, setChosen] = useState<Person[]>(initial ?? []);
  useEffect(() => {
    const h = setTimeout(() => setQ(search), 250);
    return () => clearTimeout(h);
  }, [search]);
  const { data, isFetching } = usePeople(q, open || !!q);
  const value = props.value;
  const selected = useMemo(() => (Array.isArray(value) ? value : value ? [value] : []), [value]);
  const options = useMemo(() => {
    const items = data?.items ?? [];
    const list = items.map((p) => ({ value: p.id, label: personLabel(p), person: p }));
    for (const p of chosen) if (selected.includes(p.id) && !items.some((i) => i.id === p.id)) list.unshift({ value: p.id, label: personLabel(p), person: p });
    return list;
  }, [data, chosen, selected]);
  const remember = (option: unknown) => {
    const picked = (Array.isArray(option) ? option : [option]).map((o) => (o as { person?: Person } | undefined)?.person).filter((p): p is Person => !!p);
    setChosen((old) => [...old.filter((p) => !picked.some((x) => x.id === p.id)), ...picked]);
  };
  return (
    <Select
      id={id}
      mode={props.multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      value={props.multiple ? selected : (props.value ?? undefined)}
      placeholder={placeholder}
      filterOption={false}
      onSearch={setSearch}
      onOpenChange={setOpen}
      onChange={(v, option) => {
        remember(option);
        if (props.multiple) props.onChange?.((v as string[] | undefined) ?? []);
        else props.onChange?.((v as string | undefined) ?? null);
      }}
      loading={isFetching}
      options={options}
      popupMatchSelectWidth={false}
      data-testid="person-select"
    />
  );
}
