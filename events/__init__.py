"""Running a tournament: its setup, registration and import, draw, rounds, stages, clock, transfer and
backup (``services``), the read models of its pages (``selectors``, ``state``, ``stage_selectors``) and the
organizer's and public pages (``views``, ``urls``), with the commands that do the same from a shell."""
