#pragma once
#include <cuda_runtime_api.h>
// Queues one thread that spins for `ns` nanoseconds of %globaltimer.
void launch_spin_for(unsigned long long ns, cudaStream_t stream);
// The same, reading `ns` from device memory when it runs: a captured graph
// replays it with whatever the host wrote there last.
void launch_spin_for_stored(const unsigned long long* ns, cudaStream_t stream);
