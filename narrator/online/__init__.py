"""Online rooms: accounts, rooms keyed by a code, the narrator in every browser, and voice chat."""
