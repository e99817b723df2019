// The GPU operators' batch and datum (batch.hpp's templates over rt::DeviceColumn), with the column type complete.
#pragma once

#include "tessera/exec/batch.hpp"
#include "tessera/runtime/device_column.hpp"
