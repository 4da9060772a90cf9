-- Maintenance windows (issue 33 item 2): one-off or recurring (an RFC 5545 RRULE expanded in the
-- window's IANA time zone) spans during which notifications for the scope are held as by a silence,
-- check results read as "in maintenance" (derived at read time, never stored on check_results) and, when
-- exclude_from_uptime, uptime and SLO figures leave the span out. The scope columns are the silences'
-- (check, canary, component, catalog item, recursive, CEL filter).

CREATE TABLE maintenance_windows (
  id uuid PRIMARY KEY DEFAULT generate_ulid(),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  -- the first occurrence's start (an instant); its wall-clock time in timezone anchors a recurrence
  starts_at timestamptz NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 1 AND 43200),
  timezone text NOT NULL DEFAULT 'UTC' CHECK (length(timezone) <= 64),
  -- NULL: one-off; otherwise RRULE text without DTSTART (e.g. FREQ=WEEKLY;BYDAY=SU)
  rrule text CHECK (rrule IS NULL OR length(rrule) <= 500),
  -- the end of the last occurrence, computed at save; NULL: the recurrence never ends
  series_ends_at timestamptz,
  exclude_from_uptime boolean NOT NULL DEFAULT true,
  filter text CHECK (filter IS NULL OR length(filter) <= 4000),
  recursive boolean NOT NULL DEFAULT true,
  config_id uuid REFERENCES config_items (id) ON DELETE CASCADE,
  check_id uuid REFERENCES checks (id) ON DELETE CASCADE,
  canary_id uuid REFERENCES canaries (id) ON DELETE CASCADE,
  component_id uuid REFERENCES components (id) ON DELETE CASCADE,
  created_by uuid REFERENCES people (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT maintenance_windows_scope_check
    CHECK (filter IS NOT NULL OR config_id IS NOT NULL OR check_id IS NOT NULL OR canary_id IS NOT NULL
      OR component_id IS NOT NULL)
);
-- The windows that can overlap a range: live ones starting before its end and not over before its start.
CREATE INDEX maintenance_windows_span_idx ON maintenance_windows (starts_at, series_ends_at) WHERE deleted_at IS NULL;
CREATE INDEX maintenance_windows_check_id_idx ON maintenance_windows (check_id) WHERE check_id IS NOT NULL;
CREATE INDEX maintenance_windows_canary_id_idx ON maintenance_windows (canary_id) WHERE canary_id IS NOT NULL;
CREATE INDEX maintenance_windows_component_id_idx ON maintenance_windows (component_id) WHERE component_id IS NOT NULL;
CREATE INDEX maintenance_windows_config_id_idx ON maintenance_windows (config_id) WHERE config_id IS NOT NULL;

-- A message held because its resource was in a maintenance window (status 'silenced', no silence row).
ALTER TABLE notification_send_history
  ADD COLUMN maintenance_window_id uuid REFERENCES maintenance_windows (id) ON DELETE SET NULL;
CREATE INDEX notification_send_history_maintenance_idx ON notification_send_history (maintenance_window_id)
  WHERE maintenance_window_id IS NOT NULL;
