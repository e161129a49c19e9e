"""The lockstep replay log: the file format, its writer and reader, verification and tools."""
