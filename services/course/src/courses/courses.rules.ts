/** What the course's lecturer may change of it (`PATCH /course/courses/:id`). */
export const courseUpdateRules = {
  name: { type: 'string', min: 1, max: 255 },
  code: { type: 'string', nullable: true, max: 50 },
  description: { type: 'string', nullable: true, max: 20000 },
  period_id: { type: 'integer', nullable: true, min: 1 },
  lecturer_id: { type: 'integer', nullable: true, min: 1 },
  is_active: { type: 'boolean' },
  thumbnail: { type: 'string', nullable: true, max: 500 },
  start_at: { type: 'date', nullable: true },
  end_at: { type: 'date', nullable: true },
  is_open: { type: 'boolean' },
  is_public: { type: 'boolean' },
  is_free: { type: 'boolean' },
  gradebook_publish: { type: 'boolean' },
} as const;

/** `PUT /course/courses/replicate`: copy the structure of `from` into `to`. */
export const replicateRules = {
  from: { type: 'integer', required: true, min: 1 },
  to: { type: 'integer', required: true, min: 1 },
} as const;
