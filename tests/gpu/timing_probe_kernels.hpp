#pragma once
#include <cuda_runtime_api.h>
// Queues one thread that spins for `ns` nanoseconds of %globaltimer.
void launch_spin_for(unsigned long long ns, cudaStream_t stream);
