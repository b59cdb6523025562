//! Which puzzle themes drill each lesson of the course. (Skeleton: helper T.)
