// PLACEHOLDER (session of 2026-12-02): replaced by the helper who builds this part; see advisor/parts.h.
#include "advisor/parts.h"

namespace court::advisor {
PartResult study_agency(const StudyInput&) { return {}; }
}  // namespace court::advisor
