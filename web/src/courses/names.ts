import type { TFunction } from 'i18next';

/**
 * The name the course service gives a new activity (spec 01's default on the wire). The interface
 * calls them activities, so it shows this one as "Untitled activity" in the interface language.
 */
export const DEFAULT_ACTIVITY_NAME = 'Untitled Submodule';

/** An activity's name as the interface shows it. */
export function activityName(t: TFunction, name: string): string {
  return name === DEFAULT_ACTIVITY_NAME ? t('course.untitledActivity') : name;
}
