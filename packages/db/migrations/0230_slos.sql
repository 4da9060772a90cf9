-- Service level objectives (issue 33 item 3): an objective on one check or one component, measured
-- over a rolling window from the health rollups, and the state of its burn-rate alerts (the SRE
-- workbook's multi-window multi-burn-rate method), kept so an alert raises its event once when it
-- starts firing, not on every evaluation.

CREATE TABLE slos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  description text CHECK (description IS NULL OR length(description) <= 2000),
  check_id uuid REFERENCES checks (id) ON DELETE CASCADE,
  component_id uuid REFERENCES components (id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'availability' CHECK (kind IN ('availability', 'latency')),
  target double precision NOT NULL CHECK (target > 0 AND target <= 99.999),
  window_days integer NOT NULL DEFAULT 30 CHECK (window_days IN (7, 28, 30)),
  latency_threshold_ms integer CHECK (latency_threshold_ms IS NULL OR latency_threshold_ms BETWEEN 1 AND 600000),
  created_by uuid REFERENCES people (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT slos_one_object CHECK ((check_id IS NULL) <> (component_id IS NULL)),
  CONSTRAINT slos_latency_threshold CHECK ((kind = 'latency') = (latency_threshold_ms IS NOT NULL))
);
-- The check modal and the component page list the live SLOs of one object; the list pages by name.
CREATE INDEX slos_check_idx ON slos (check_id) WHERE deleted_at IS NULL;
CREATE INDEX slos_component_idx ON slos (component_id) WHERE deleted_at IS NULL;
CREATE INDEX slos_name_idx ON slos (name, id) WHERE deleted_at IS NULL;

CREATE TABLE slo_burn_alerts (
  slo_id uuid NOT NULL REFERENCES slos (id) ON DELETE CASCADE,
  alert text NOT NULL,
  firing boolean NOT NULL DEFAULT false,
  since timestamptz,
  long_rate double precision,
  short_rate double precision,
  evaluated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (slo_id, alert)
);
