import { FirstStaffUser as FirstStaffUser_2f1ab628cbd0ebbccbbebb47d0fe4044 } from '../../../components/FirstStaffUser'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "./components/FirstStaffUser#FirstStaffUser": FirstStaffUser_2f1ab628cbd0ebbccbbebb47d0fe4044,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
