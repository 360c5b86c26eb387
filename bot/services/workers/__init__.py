"""The solver's worker processes: the pool (pool.py), a worker's loop, idle workers kept between
pools, errors."""
